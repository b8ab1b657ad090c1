import { type DragEvent, useState } from 'react';

/**
 * Files dragged over the chat: whether they are held over it (for the drop overlay) and the handlers
 * of the drop area. `onFiles` gets what was dropped; `accepts` only sets the cursor.
 */
export function useFileDrop({
  disabled,
  accepts,
  onFiles,
}: {
  disabled: boolean;
  accepts: boolean;
  onFiles: (files: File[]) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  return {
    dragging,
    handlers: {
      onDragOver: (e: DragEvent) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = accepts ? 'copy' : 'none';
        setDragging(true);
      },
      onDragLeave: (e: DragEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      },
      onDrop: (e: DragEvent) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        setDragging(false);
        onFiles([...e.dataTransfer.files]);
      },
    },
  };
}
