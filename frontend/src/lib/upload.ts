/** Answer of POST /api/uploads (SPEC §3: success flag and data.url); refusals carry a message. */
export interface UploadAnswer {
  success?: boolean;
  data?: { url: string };
  message?: string;
}

/**
 * Uploads one image as multipart field `image` to /api/uploads, reporting progress (0..100).
 * Resolves with the stored image's URL.
 */
export function uploadImage(
  file: File,
  options: { token?: string | null; onProgress?: (percent: number) => void; url?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', options.url ?? '/api/uploads');
    if (options.token) xhr.setRequestHeader('Authorization', `Bearer ${options.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let answer: UploadAnswer | null;
      try {
        answer = JSON.parse(xhr.responseText) as UploadAnswer;
      } catch {
        answer = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer?.success && answer.data?.url) {
        options.onProgress?.(100);
        resolve(answer.data.url);
      } else {
        reject(new Error(answer?.message ?? `The image could not be uploaded (${xhr.status || 'network error'})`));
      }
    };
    xhr.onerror = () => reject(new Error('The image could not be uploaded (network error)'));
    const body = new FormData();
    body.append('image', file);
    xhr.send(body);
  });
}
