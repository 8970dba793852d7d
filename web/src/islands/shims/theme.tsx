// Docusaurus's theme components as site components use them, drawing the
// same markup as the engine's own (so the app's styles apply).

import { Children, isValidElement, useState, type ReactNode } from "react";
import { clsx } from "./clsx";

export function Admonition({ type = "note", title, children }: { type?: string; title?: ReactNode; children?: ReactNode }) {
  const role = ["warning", "danger", "caution"].includes(type) ? "alert" : "note";
  return (
    <div className={`admonition admonition--${type}`} role={role}>
      <p className="admonition__title">{title ?? type.charAt(0).toUpperCase() + type.slice(1)}</p>
      <div className="admonition__body">{children}</div>
    </div>
  );
}

export function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode }) {
  return (
    <details className="details" {...rest}>
      {typeof summary === "string" || summary === undefined ? <summary>{summary ?? "Details"}</summary> : summary}
      {children}
    </details>
  );
}

export function Heading({ as: Tag = "h2", id, children, ...rest }: { as?: string; id?: string; children?: ReactNode }) {
  const H = Tag as "h2";
  return (
    <H id={id} {...rest}>
      {children}
      {id ? (
        <a className="hash-link" href={`#${id}`} aria-label={`Direct link to ${typeof children === "string" ? children : id}`}>
          #
        </a>
      ) : null}
    </H>
  );
}

export function CodeBlock({ children, language, title, className }: { children?: ReactNode; language?: string; title?: ReactNode; className?: string }) {
  const lang = language ?? /language-(\S+)/.exec(className ?? "")?.[1];
  const text = typeof children === "string" ? children.replace(/\n$/, "") : children;
  return (
    <div className="code-block" data-language={lang}>
      {title ? <div className="code-block__title">{title}</div> : null}
      <pre className="code" tabIndex={0}>
        <code>{text}</code>
      </pre>
    </div>
  );
}

type ItemProps = { value: string; label?: string; default?: boolean; children?: ReactNode };

export function TabItem({ children }: ItemProps) {
  return <>{children}</>;
}

export function Tabs({ children, defaultValue, groupId }: { children?: ReactNode; defaultValue?: string; groupId?: string }) {
  const items = Children.toArray(children).filter(isValidElement) as { props: ItemProps }[];
  const first = items.find((i) => i.props.default)?.props.value ?? defaultValue ?? items[0]?.props.value;
  const [selected, setSelected] = useState(first);
  return (
    <div className="tabs" data-group-id={groupId}>
      <div className="tabs__list" role="tablist">
        {items.map(({ props }) => (
          <button
            key={props.value}
            type="button"
            role="tab"
            className="tabs__tab"
            data-value={props.value}
            aria-selected={props.value === selected}
            onClick={() => setSelected(props.value)}
          >
            {props.label ?? props.value}
          </button>
        ))}
      </div>
      {items.map(({ props }) => (
        <div
          key={props.value}
          className={clsx("tabs__panel")}
          role="tabpanel"
          data-value={props.value}
          data-label={props.label ?? props.value}
          data-selected={String(props.value === selected)}
        >
          {props.children}
        </div>
      ))}
    </div>
  );
}
