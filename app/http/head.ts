/**
 * HEAD is answered as GET without the body: the same status and headers
 * (Content-Type, Content-Security-Policy, caching) whatever produced them, and
 * a guest's HEAD shares the GET's page copies. React Router alone answers
 * HEAD with the status only (no Content-Type, no CSP: its document handler
 * skips the render), so the Worker entry never hands it a HEAD.
 */
export async function answerAsGet(request: Request, respond: (request: Request) => Promise<Response>): Promise<Response> {
  if (request.method !== "HEAD") return respond(request);
  const response = await respond(new Request(request, { method: "GET" }));
  await response.body?.cancel();
  return new Response(null, response);
}
