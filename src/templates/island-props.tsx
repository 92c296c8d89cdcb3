// An island's props travel in a `<script type="application/json">` child of its `data-island` element
// (islands/boot.ts reads its text). Script text is raw: JSX would HTML-escape a plain string child (`"` →
// `&quot;`) and break the JSON, so the JSON goes in unescaped, with `<` written as \u003c so no value can close
// the element early.
import { raw } from 'hono/html';

/** JSON for a `<script type="application/json">` element. */
export const jsonScript = (v: unknown) => raw(JSON.stringify(v).replace(/</g, '\\u003c'));

/** The props child of an island element. */
export function IslandProps({ value }: { value: unknown }) {
  return <script type="application/json">{jsonScript(value)}</script>;
}
