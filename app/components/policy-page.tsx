import type { ReactNode } from "react";

export type PolicySection = { id: string; title: string; body: ReactNode };

/** A long legal page: title, last-updated line, a table of contents and numbered sections. */
export function PolicyPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: PolicySection[];
}) {
  return (
    <main id="main" className="container-page py-10">
      <article className="mx-auto max-w-3xl">
        <h1 className="text-3xl sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted">Last updated {updated}</p>
        <div className="mt-6 space-y-4 leading-relaxed">{intro}</div>
        <nav aria-label="On this page" className="mt-8 rounded-2xl bg-sand p-5">
          <h2 className="font-sans text-sm font-bold uppercase tracking-wider">On this page</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="inline-block py-1 text-rose-dark underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-20">
            <h2 id={`${s.id}-title`} className="text-2xl">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">{s.body}</div>
          </section>
        ))}
      </article>
    </main>
  );
}
