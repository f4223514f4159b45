import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { reactDomServerText } from "../../vite/react-dom-server-text.ts";

// RENDER_FLOOR_RENDERER=node: the floor renders with React's Node build of renderToReadableStream, as the
// site does (decision 045), instead of the edge build React Router's default entry imports; node-text also
// gives it the site's text writer (scripts/vite/react-dom-server-text.ts).
const renderer = process.env.RENDER_FLOOR_RENDERER ?? "";
const alias = renderer.startsWith("node") ? [{ find: /^react-dom\/server$/, replacement: "react-dom/server.node" }] : [];

export default defineConfig({
  resolve: { alias },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), ...(renderer === "node-text" ? [reactDomServerText()] : [])],
});
