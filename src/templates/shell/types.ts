// Types shared by the shell's templates (kept apart from layout.tsx so its parts can import them without a cycle).

export interface ShellUser {
  username: string;
  realname: string;
  id?: string;
  avatar?: string | null;
}
