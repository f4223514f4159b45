/** The smallest document: React Router's own shell and one paragraph. */
export default function Hello() {
  return <p>Hello</p>;
}
