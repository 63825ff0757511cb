// The dashboard's entry: render the console into the page the server sends for every dashboard path.
import { h, render } from "preact";
import { App } from "./dashboard/app";

render(h(App, {}), document.getElementById("app")!);
