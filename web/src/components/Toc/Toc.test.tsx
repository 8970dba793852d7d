import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { breakAfterDots } from ".";

const html = (text: string) => renderToStaticMarkup(<>{breakAfterDots(text)}</>);

describe("breakAfterDots", () => {
  it("lets a long API name wrap after each member dot", () => {
    expect(html("DbtProjectPreparer.prepare_if_dev")).toBe("DbtProjectPreparer.<wbr/>prepare_if_dev");
    expect(html("AssetSpec.with_io_manager_key")).toBe("AssetSpec.<wbr/>with_io_manager_key");
  });
  it("leaves numbers and plain text alone", () => {
    expect(html("Dagster 1.13 setup")).toBe("Dagster 1.13 setup");
    expect(html("Ends with a dot.")).toBe("Ends with a dot.");
  });
});
