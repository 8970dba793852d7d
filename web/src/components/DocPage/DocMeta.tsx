import type { PageData } from "../../types";
import { formatDate } from "../../support/format";
import { EditIcon } from "../Icons";

/** "Edit this page" and "Last updated", below the article, when the page has them. */
export function DocMeta({ page }: { page: PageData }) {
  const { editUrl, lastUpdated } = page;
  const date = lastUpdated?.date ? formatDate(lastUpdated.date) : null;
  const author = lastUpdated?.author;
  if (!editUrl && !date && !author) return null;
  return (
    <div className="doc-meta">
      {editUrl && (
        <a className="edit-link" href={editUrl} rel="noopener noreferrer">
          <EditIcon size={16} />
          Edit this page
        </a>
      )}
      {(date || author) && (
        <p className="doc-meta__updated">
          Last updated
          {date && (
            <>
              {" on "}
              <time dateTime={lastUpdated?.date}>{date}</time>
            </>
          )}
          {author && (
            <>
              {" by "}
              <span className="doc-meta__author">{author}</span>
            </>
          )}
        </p>
      )}
    </div>
  );
}
