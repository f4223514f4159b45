import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/hello.tsx"),
  route("text", "routes/text.ts"),
  route("setup", "routes/setup.ts"),
  route("one-query", "routes/one-query.tsx"),
  route("thirteen-queries", "routes/thirteen-queries.tsx"),
  route("page/:n", "routes/page.tsx"),
  route("shaped/:id", "routes/shaped.tsx"),
] satisfies RouteConfig;
