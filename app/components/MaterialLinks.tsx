/** A study material's Preview and Download links (Google Drive), opened in a new tab: the landing page's cards and a batch's list. */
export function MaterialLinks({ previewUrl, downloadUrl, size = "" }: { previewUrl: string; downloadUrl: string; size?: string }) {
  return (
    <>
      <a href={previewUrl} target="_blank" rel="noopener noreferrer" className={`btn-secondary ${size}`}>
        Preview
      </a>
      <a href={downloadUrl} target="_blank" rel="noopener noreferrer" className={`btn-primary ${size}`}>
        Download
      </a>
    </>
  );
}
