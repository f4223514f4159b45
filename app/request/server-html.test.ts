import { createElement as h, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterContextProvider, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { workerContext, type WorkerContext } from "./context";
import { ServerHtmlBlock, ServerHtmlContext, StaticIsland, type ServerData } from "./server-html";
import { serverData, serverHtml, serverHtmlOf } from "./server-html.server";

function contextFor(documentRequest: boolean) {
  const context = new RouterContextProvider();
  context.set(workerContext, { documentRequest } as WorkerContext);
  return context;
}

/** Renders `element` inside a router, with the loaders' put-aside data as entry.server provides it. */
function render(element: ReactNode, kept: ReadonlyMap<string, unknown> | null) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(h(ServerHtmlContext.Provider, { value: kept }, h(RouterProvider, { router })));
}

describe("server-made HTML and static islands (decision 045)", () => {
  it("a document request's loader sends a reference and keeps the data for the render", () => {
    const context = contextFor(true);
    expect(serverData(context, "related", [1, 2])).toEqual({ serverHtml: "related" });
    expect(serverHtml(context, "reviews", "<p>Good</p>")).toEqual({ serverHtml: "reviews" });
    expect([...serverHtmlOf(context)]).toEqual([
      ["related", [1, 2]],
      ["reviews", "<p>Good</p>"],
    ]);
  });

  it("a data request (a client navigation) gets the data itself and keeps nothing", () => {
    const context = contextFor(false);
    expect(serverData(context, "related", [1, 2])).toEqual([1, 2]);
    expect(serverHtml(context, "reviews", "<p>Good</p>")).toBe("<p>Good</p>");
    expect(serverHtmlOf(context).size).toBe(0);
  });

  it("the server renders a referenced island and block from the kept data, marked for hydration", () => {
    const island = (data: ServerData<string[]>) =>
      h(StaticIsland<string[]>, {
        data,
        // biome-ignore lint/correctness/noChildrenProp: a render-prop child keeps its type only as a prop of createElement
        children: (names: string[]) =>
          h(
            "ul",
            null,
            names.map((name) => h("li", { key: name }, name)),
          ),
      });
    const kept = new Map<string, unknown>([
      ["cards", ["Inception", "Heat"]],
      ["reviews", "<p>Good</p>"],
    ]);
    const html = render(h(Fragment, null, island({ serverHtml: "cards" }), h(ServerHtmlBlock, { as: "section", html: { serverHtml: "reviews" } })), kept);
    expect(html).toContain('<div data-server-html="cards"><ul><li>Inception</li><li>Heat</li></ul></div>');
    expect(html).toContain('<section data-server-html="reviews"><p>Good</p></section>');
    // With the data itself (a client navigation), the same markup without the marker.
    expect(render(island(["Heat"]), null)).toContain("<div><ul><li>Heat</li></ul></div>");
    expect(render(h(ServerHtmlBlock, { html: "<p>Fine</p>" }), null)).toContain("<div><p>Fine</p></div>");
  });
});
