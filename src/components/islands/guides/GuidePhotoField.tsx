import { useId, useRef, useState } from 'react';
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import type { GuideProfile } from '#lib/guides/types.ts';
import {
  GUIDE_PHOTO_BROWSER_MAX_SIDE,
  GUIDE_PHOTO_MAX_BYTES,
  GUIDE_PHOTO_MESSAGES,
  GUIDE_PHOTO_TYPES,
  photoSizeMessage,
} from '#lib/schemas/guides.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import type { GuideProfileCopy } from './copy.ts';

const PHOTO_URL = '/api/guides/profile/photo';
/** The quality of a photo redrawn in the browser: a noisy 2,000 px photo stays well under 5 MB. */
const JPEG_QUALITY = 0.85;

/**
 * PUT the file itself as the body. XMLHttpRequest, not fetch, because only it reports the upload's progress. A refusal
 * rejects with apiRequest's error format, so serverMessage reads it.
 */
function uploadPhoto(file: Blob, onProgress: (percent: number) => void): Promise<GuideProfile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', PHOTO_URL);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as GuideProfile);
      else reject(new Error(`${request.status}: ${request.responseText || request.statusText}`));
    };
    request.onerror = () => reject(new Error('Network error'));
    request.send(file);
  });
}

/**
 * The photo as it is sent: over 5 MB or wider or taller than 2,000 px (a phone's photo), redrawn as a JPEG of at most
 * 2,000 px, turned as the camera meant (createImageBitmap reads the EXIF orientation); else the file itself, as for a
 * file the browser cannot decode, whose bytes the server judges.
 */
async function fitForUpload(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return file;
  try {
    const scale = Math.min(1, GUIDE_PHOTO_BROWSER_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= GUIDE_PHOTO_MAX_BYTES) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A JPEG has no transparency: what was transparent in a PNG turns white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob ?? file), 'image/jpeg', JPEG_QUALITY));
  } finally {
    bitmap.close();
  }
}

/** What the browser can tell of a file before reading it: its type, guessed from the name (none when it cannot guess). */
function typeRefusal(file: File): string | null {
  return file.type && !(GUIDE_PHOTO_TYPES as readonly string[]).includes(file.type) ? GUIDE_PHOTO_MESSAGES.type : null;
}

interface GuidePhotoFieldProps {
  hasPhoto: boolean;
  copy: GuideProfileCopy;
  onChange: (profile: GuideProfile) => void;
}

/** Upload, replace or remove the guide's photo, with the upload's progress; the preview shows the result. */
export function GuidePhotoField({ hasPhoto, copy, onChange }: GuidePhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // null while idle; 'preparing' while the browser makes a large photo smaller; then the percent sent (100: the server
  // is saving it).
  const [progress, setProgress] = useState<number | 'preparing' | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const { fields } = copy;
  const busy = progress !== null || removing;

  const upload = async (file: File) => {
    const refused = typeRefusal(file);
    setError(refused);
    if (refused) return;
    setProgress('preparing');
    try {
      const photo = await fitForUpload(file);
      // Still too large: a photo the browser cannot redraw (an iPhone's HEIC, say) is sent as it is.
      if (photo.size > GUIDE_PHOTO_MAX_BYTES) {
        setError(photoSizeMessage(photo.size));
        return;
      }
      setProgress(0);
      onChange(await uploadPhoto(photo, setProgress));
      toast({ title: copy.photoSaved });
    } catch (failure) {
      setError(serverMessage(failure) ?? GUIDE_PHOTO_MESSAGES.unreadable);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    setError(null);
    try {
      onChange((await (await apiRequest('DELETE', PHOTO_URL)).json()) as GuideProfile);
      toast({ title: copy.photoRemoved });
    } catch (failure) {
      toast({ title: copy.failed, description: serverMessage(failure), variant: 'destructive' });
    } finally {
      setRemoving(false);
    }
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="text-sm font-semibold text-stone-800">
        {fields.photo}
      </p>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-stone-600">
        {fields.photoHint}
      </p>
      <input
        ref={input}
        type="file"
        accept={GUIDE_PHOTO_TYPES.join(',')}
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void upload(file);
        }}
      />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-secondary px-4 py-2"
          disabled={busy}
          aria-describedby={describedBy}
          onClick={() => input.current?.click()}
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {hasPhoto ? fields.replacePhoto : fields.choosePhoto}
        </button>
        {hasPhoto && (
          <button
            type="button"
            className="btn px-4 py-2 text-stone-700 hover:bg-stone-100 hover:text-red-800"
            disabled={busy}
            onClick={() => void remove()}
          >
            {removing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
            {fields.removePhoto}
          </button>
        )}
      </div>
      {progress !== null && (
        <div className="mt-3" role="status">
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <Loader2 className="h-4 w-4 animate-spin text-flame-700" aria-hidden="true" />
            {progress === 'preparing'
              ? fields.preparing
              : progress < 100
                ? fillTemplate(fields.uploading, { percent: progress })
                : fields.processing}
          </p>
          {progress !== 'preparing' && (
            <div className="mt-1.5 h-2 w-full max-w-xs overflow-hidden rounded-full bg-flame-100" aria-hidden="true">
              <div className="h-full rounded-full bg-flame-700 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          )}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-800" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
