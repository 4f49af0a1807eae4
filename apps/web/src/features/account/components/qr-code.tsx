import { Box } from '@mantine/core';
import { useEffect, useState } from 'react';

const QR_SIZE_PX = 200;

/**
 * A QR code of `value` (an `otpauth://` URL), drawn in the browser as SVG by the `qrcode`
 * package, loaded only when a QR code is needed. The secret never leaves the page.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) =>
        qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((drawn) => {
        if (current) setSvg(drawn);
      });
    return () => {
      current = false;
    };
  }, [value]);
  if (!svg) return <Box w={QR_SIZE_PX} h={QR_SIZE_PX} bg="gray.1" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={QR_SIZE_PX}
      height={QR_SIZE_PX}
      style={{ background: 'white' }}
    />
  );
}
