import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { typeaheadReset } from "./scripts/vite/typeahead-reset.ts";
import { debugSourceMaps } from "./scripts/vite/debug-source-maps.ts";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter(), typeaheadReset(), debugSourceMaps()],
  resolve: { tsconfigPaths: true },
});
