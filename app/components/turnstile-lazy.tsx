/**
 * The bot check's widget as a module's default, for a page that loads it lazily (the gig page's, docs/decisions/033).
 * Its own module: the pages that always show the widget import `./turnstile` statically, and a module is imported
 * one way only (tests/architecture/lazy-imports.test.ts).
 */
export { TurnstileWidget as default } from "./turnstile";
