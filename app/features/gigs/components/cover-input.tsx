import { useState } from "react";
import { GIG_COPY } from "../copy";

const RATIO = 16 / 9;

/** Centre-crops an image file to 16:9 in the browser (docs/domain.md), keeping its type. */
async function cropTo16by9(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  let width = bitmap.width;
  let height = Math.round(width / RATIO);
  if (height > bitmap.height) {
    height = bitmap.height;
    width = Math.round(height * RATIO);
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas
    .getContext("2d")
    ?.drawImage(bitmap, (bitmap.width - width) / 2, (bitmap.height - height) / 2, width, height, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.9));
  return blob ? new File([blob], file.name, { type: file.type }) : file;
}

/**
 * The cover image: png or jpeg only ("Please select a valid image file"); with JavaScript it is cropped to
 * 16:9 before upload and previewed. Without JavaScript the file goes as chosen and pages show it at 16:9.
 */
export function CoverInput({
  id,
  name,
  currentUrl,
  serverError,
}: {
  id: string;
  name: string;
  currentUrl: string | null;
  serverError?: string;
}) {
  const [preview, setPreview] = useState(currentUrl);
  const [error, setError] = useState<string | null>(null);
  const message = error ?? serverError;
  return (
    <div className="flex flex-col gap-2">
      <div className="aspect-video w-full max-w-md overflow-hidden rounded-xl border border-ink-700 bg-ink-800">
        {preview ? <img src={preview} alt="Gig cover" className="h-full w-full object-cover" /> : null}
      </div>
      <input
        id={id}
        name={name}
        type="file"
        accept="image/png,image/jpeg"
        className="text-sm"
        aria-invalid={message ? true : undefined}
        onChange={async (event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          if (!["image/png", "image/jpeg"].includes(file.type)) {
            setError(GIG_COPY.invalidImage);
            input.value = "";
            return;
          }
          setError(null);
          const cropped = await cropTo16by9(file).catch(() => file);
          const transfer = new DataTransfer();
          transfer.items.add(cropped);
          input.files = transfer.files;
          setPreview(URL.createObjectURL(cropped));
        }}
      />
      {message ? (
        <p role="alert" className="text-sm text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
