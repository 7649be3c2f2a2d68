import type { DocumentView } from "../legal";

/** Terms, privacy policy and prose pages: key points first (when any), then the detailed sections. */
export function DocumentPage({ document, as: Root = "main" }: { document: DocumentView; as?: "main" | "article" }) {
  return (
    <Root className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{document.title}</h1>
      {document.updated ? <p className="mt-2 text-sm text-zinc-400">Last updated: {document.updated}</p> : null}
      <div className="prose-content mt-6">
        <Paragraphs text={document.introduction} />
      </div>
      {document.keyPoints.length > 0 ? (
        <section aria-labelledby="key-points" className="mt-8 rounded-xl border border-ink-700 bg-ink-900 p-6">
          <h2 id="key-points" className="text-lg font-semibold">
            Key points
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-zinc-300">
            {document.keyPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="prose-content mt-8">
        {document.sections.map((section, index) => (
          <section key={section.title} aria-labelledby={`section-${index}`}>
            <h2 id={`section-${index}`}>{section.title}</h2>
            <Paragraphs text={section.body} />
          </section>
        ))}
      </div>
    </Root>
  );
}

function Paragraphs({ text }: { text: string }) {
  return text
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => <p key={paragraph}>{paragraph}</p>);
}
