import { useState } from "react";
import { inputClass } from "~/lib/ui/field";
import { normaliseTags } from "../schema";

/**
 * Tags added by Enter or comma, trimmed, non-empty, no duplicates; Backspace on an empty input removes the
 * last one (docs/domain.md). Every chip is a hidden `session_tags` input and the text box is one too, so
 * without JavaScript "fps, ranked" typed in the box arrives as the same list.
 */
export function TagInput({
  id,
  name,
  defaultTags,
  defaultText = "",
}: {
  id: string;
  name: string;
  defaultTags: string[];
  /** What the box held when the form was sent (a refused form comes back as sent). */
  defaultText?: string;
}) {
  const [tags, setTags] = useState(defaultTags);
  const [text, setText] = useState(defaultText);
  const add = (value: string) => {
    setTags((current) => normaliseTags([...current, value]));
    setText("");
  };
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-wrap gap-2" aria-label="Added tags">
        {tags.map((tag) => (
          <li key={tag} className="flex items-center gap-1 rounded-full bg-ink-700 px-3 py-1 text-sm">
            #{tag}
            <input type="hidden" name={name} value={tag} />
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => setTags((current) => current.filter((t) => t !== tag))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        name={name}
        value={text}
        placeholder="Type a tag, then Enter or comma"
        className={inputClass}
        onChange={(event) => {
          const value = event.target.value;
          if (value.includes(",")) add(value);
          else setText(value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            if (text.trim()) add(text);
          } else if (event.key === "Backspace" && text === "" && tags.length > 0) {
            setTags((current) => current.slice(0, -1));
          }
        }}
      />
    </div>
  );
}
