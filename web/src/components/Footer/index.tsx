import type { SiteData } from "../../types";
import "./Footer.css";

function isExternal(href: string): boolean {
  return /^https?:/i.test(href);
}

export function Footer({ site }: { site: SiteData }) {
  return (
    <footer className="footer">
      <ul className="footer__links">
        {site.footer.links.map((link) => (
          <li key={link.href}>
            <a href={link.href} rel={isExternal(link.href) ? "noopener noreferrer" : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <p className="footer__copyright">{site.footer.copyright}</p>
    </footer>
  );
}
