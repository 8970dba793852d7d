/**
 * The whole file as a tutorial step leaves it, folded under the step so readers who lost
 * their place can copy it at once. `file` names it; the children show it (a `<CodeExample>`).
 */
export default function StepCode({ file, children }) {
  return (
    <details className="details">
      <summary>{`Complete ${file} after this step`}</summary>
      {children}
    </details>
  );
}
