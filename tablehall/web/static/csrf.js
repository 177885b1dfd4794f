// The header a logged-in person's state-changing requests carry: the page's CSRF token (from
// base.html's meta tag; docs/security.md).  A guest's requests carry it too, and nothing reads it.
export function csrfHeader() {
  return { "X-CSRF-Token": document.querySelector("meta[name=csrf-token]")?.content ?? "" };
}
