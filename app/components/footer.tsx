import { Link } from "react-router";

const LINKS = [
  { to: "/about-us", label: "About us" },
  { to: "/contact-us", label: "Contact us" },
  { to: "/cancellation-policy", label: "Cancellation policy" },
  { to: "/terms-of-service", label: "Terms of service" },
  { to: "/privacy-policy", label: "Privacy policy" },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-ink-800">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-zinc-400 md:flex-row md:items-center md:justify-between">
        <p>© {new Date().getUTCFullYear()} Noobrd. Play with the creators you watch.</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          {LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="hover:text-white">
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
