/** A resource route: React Router without React's render. */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain" } });
}
