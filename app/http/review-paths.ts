/** Where reviews are shown (shared by the pages, their components and the services). */
export function reviewsPath(title: { id: number; slug: string }) {
  return `/titles/${title.id}/${encodeURIComponent(title.slug)}/reviews`;
}

export function reviewPath(title: { id: number; slug: string }, reviewId: number) {
  return `${reviewsPath(title)}/${reviewId}`;
}
