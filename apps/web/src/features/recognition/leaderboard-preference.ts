/**
 * Whether the recognition leaderboard is hidden, per user, on this device: a preference of one
 * screen, not survey data (lib/storage.ts keeps those), so it lives with the screen and stays
 * across logouts.
 */
const LEADERBOARD_HIDDEN_KEY = 'recognitionLeaderboardHidden';

export function readLeaderboardHidden(userId: string): boolean {
  try {
    const raw = localStorage.getItem(LEADERBOARD_HIDDEN_KEY);
    const users = raw === null ? [] : (JSON.parse(raw) as unknown);
    return Array.isArray(users) && users.includes(userId);
  } catch {
    return false;
  }
}

export function writeLeaderboardHidden(userId: string, hidden: boolean): void {
  try {
    const raw = localStorage.getItem(LEADERBOARD_HIDDEN_KEY);
    const parsed = raw === null ? [] : (JSON.parse(raw) as unknown);
    const users = Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : [];
    const next = hidden ? [...new Set([...users, userId])] : users.filter((id) => id !== userId);
    localStorage.setItem(LEADERBOARD_HIDDEN_KEY, JSON.stringify(next));
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}
