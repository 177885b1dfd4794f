// The rating changes a finished game made (GET /api/records/{id}/ratings), shown under its result.
// A game is rated as it ends, so a casual game (or one not rated yet) is asked about a few times.
export async function showRatingChanges(recordId, result) {
  if (!recordId || !result) return;
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await fetch(`/api/records/${encodeURIComponent(recordId)}/ratings`);
    if (!response.ok) return;  // a server without accounts
    const { changes } = await response.json();
    if (changes.length) {
      const line = document.createElement("p");
      line.id = "rating-changes";
      line.textContent = "Ratings: " + changes.map((c) =>
        `${c.name} ${Math.round(c.before)} → ${Math.round(c.after)} (${c.delta >= 0 ? "+" : ""}${Math.round(c.delta)})`).join("; ");
      result.after(line);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
