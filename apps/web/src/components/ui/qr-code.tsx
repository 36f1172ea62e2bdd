import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

interface QrCodeProps {
  value: string;
  /** Width and height in CSS pixels. */
  size?: number;
  label: string;
}

/**
 * A QR code drawn as one SVG path (crisp at any size, printable). Error correction M survives a
 * cracked phone screen; the quiet zone of four modules is part of the drawing.
 */
export function QrCode({ value, size = 180, label }: QrCodeProps) {
  const { path, modules } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(value);
    code.make();
    const count = code.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row += 1) {
      for (let column = 0; column < count; column += 1) {
        if (code.isDark(row, column)) d += `M${column + 4} ${row + 4}h1v1h-1z`;
      }
    }
    return { path: d, modules: count + 8 };
  }, [value]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" style={{ background: '#fff' }}>
      <path d={path} fill="#000" />
    </svg>
  );
}
