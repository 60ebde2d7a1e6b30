import { blogPosts, type BlogBlock } from '../blog-posts';

function Block({ block }: { block: BlogBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul className="list-disc space-y-2 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'code':
      return (
        <figure>
          <figcaption className="mb-1 text-sm font-semibold text-base-content/80">{block.label}</figcaption>
          {/* Focusable so keyboard users can scroll long lines. */}
          <pre
            tabIndex={0}
            className="overflow-x-auto rounded-box bg-neutral p-4 text-sm leading-relaxed text-neutral-content"
          >
            <code>{block.code}</code>
          </pre>
        </figure>
      );
  }
}

/** The five questions, each an article with its question as the heading. */
export function BlogPostList() {
  return (
    <div className="space-y-12">
      {blogPosts.map((post) => (
        <article key={post.id} id={post.id} aria-labelledby={`${post.id}-question`} className="scroll-mt-20">
          <h2 id={`${post.id}-question`} className="text-2xl font-bold tracking-tight">
            {post.question}
          </h2>
          <div className="mt-4 max-w-prose space-y-4 leading-relaxed">
            {post.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </div>
        </article>
      ))}
    </div>
  );
}
