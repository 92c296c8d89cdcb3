// The messages between the player page (/scratch3/player.html, in an iframe) and the page that embeds it
// (/work-detail, the 预览 dialogs). postMessage with this origin only; neither side reaches into the other.

/** player → parent */
export type FromPlayer =
  /** The project is loaded and its first frame drawn. */
  | { xtPlayer: 'ready' }
  /** The work cannot be played (the player shows the message itself). */
  | { xtPlayer: 'error'; message: string }
  /** The browser cannot make the frame full screen itself (iPhone Safari): the parent enlarges the frame. */
  | { xtPlayer: 'fullscreen'; on: boolean };

/** parent → player */
export type ToPlayer =
  /** The dialog or page holding the player closes: stop all scripts and sounds. */
  | { xtPlayer: 'stop' }
  /** The parent left its enlarged frame (Esc, back): the player shows its normal state. */
  | { xtPlayer: 'fullscreen'; on: boolean };

// Types only: each side checks `xtPlayer` itself, so the two scripts share no runtime chunk (one request fewer).
