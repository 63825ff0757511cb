// The placeholder dashboard's only behaviour: say whether the database answers.
const readiness = document.getElementById("status")!;
fetch("/readyz")
  .then((r) => r.json())
  .then((body: { status: string; database: string }) => {
    readiness.textContent = `Database (${body.database}) ${body.status === "ready" ? "ready" : "unavailable"}`;
  })
  .catch(() => {
    readiness.textContent = "The server did not answer";
  });
