// What /ws2 needs of the large screen (ADR 026), implemented by the screen module (app.ts wires
// it): the gateway never imports that module.

/** A live (paired, not revoked) display credential. */
export interface DisplayCredential {
  displayId: number;
  entId: number;
  entName: string;
  /** SHA-256 of the token: revocation names it on the internal `sessionRevoked` topic. */
  tokenHash: string;
}

export interface ScreenLink {
  /** Whether the token is shaped like a display credential (no console token is). */
  isDisplayToken(token: string | null | undefined): token is string;
  /** The live display behind a credential, or null (unknown, revoked, never paired). */
  findDisplay(token: string): Promise<DisplayCredential | null>;
  /** Stamps the display's `last_seen_at` (its socket opened, or is still open). */
  seen(displayId: number): Promise<void>;
  /**
   * A screen socket of the organisation opened on this node: it gets ScreenCounts at once and
   * whenever they change. Returns the function that forgets it.
   */
  addScreenSocket(entId: number, send: (text: string) => void): () => void;
}

/** How often an open display socket stamps `last_seen_at` (ADR 026: online = stamped in the last 90 s). */
export const DISPLAY_SEEN_EVERY_MS = 60_000;
