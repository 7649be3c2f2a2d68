import type { LegalDocumentView } from "../legal";

/** Terms, privacy policy and similar documents: key points first, then the detailed sections. */
export function LegalDocument({ document }: { document: LegalDocumentView }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{document.title}</h1>
      {document.updated ? <p className="mt-2 text-sm text-zinc-400">Last updated: {document.updated}</p> : null}
      <div className="prose-content mt-6">
        {document.introduction.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
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
            {section.body.split(/\n{2,}/).map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </main>
  );
}
