/** Saves text made in the browser (a CSV export) as a file of that name. */
export const downloadText = (fileName: string, content: string, type = 'text/csv;charset=utf-8'): void => {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
