// swagger-ui-dist ships no types; openapi.ts imports these files by path (`with { type: "file" }`).
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const path: string;
  export default path;
}
declare module "swagger-ui-dist/swagger-ui.css" {
  const path: string;
  export default path;
}
