import { QRCode } from 'antd';

/**
 * The otpauth:// URL as a QR code (antd's QRCode, a chunk of its own fetched when the setup opens). Black on white
 * whatever the theme: authenticator apps read that best.
 */
export default function TotpQrCode({ value, label }: { value: string; label: string }) {
  return (
    <div role="img" aria-label={label} data-testid="totp-qr" style={{ display: 'inline-block' }}>
      <QRCode value={value} type="svg" size={176} color="#000000" bgColor="#ffffff" errorLevel="M" />
    </div>
  );
}
