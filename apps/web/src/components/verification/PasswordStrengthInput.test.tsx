import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { PasswordStrengthInput } from './PasswordStrengthInput';

function Controlled() {
  const [value, setValue] = useState('');
  return <PasswordStrengthInput value={value} onChange={setValue} />;
}

const meter = () => screen.queryByRole('status');
const filled = () => [...(meter()?.querySelectorAll('[data-filled="true"]') ?? [])] as HTMLElement[];

describe('PasswordStrengthInput', () => {
  it('shows the meter only once something is typed, with the level word, colour and filled segments', () => {
    render(
      <TestProviders>
        <Controlled />
      </TestProviders>,
    );
    const input = screen.getByLabelText('请输入密码');
    expect(input.getAttribute('type')).toBe('password');
    expect(meter()).toBeNull();

    fireEvent.change(input, { target: { value: 'ab1' } });
    expect(meter()?.getAttribute('aria-label')).toBe('密码强度：弱');
    expect(screen.getByText('弱').style.color).toMatch(/#F56C6C|rgb\(245, 108, 108\)/i);
    expect(filled()).toHaveLength(1);

    fireEvent.change(input, { target: { value: 'Ab1!' } });
    expect(screen.getByText('中')).toBeTruthy();
    expect(filled()).toHaveLength(2);

    fireEvent.change(input, { target: { value: 'a1b2c3d4' } });
    expect(screen.getByText('强')).toBeTruthy();
    expect(filled()).toHaveLength(3);

    fireEvent.change(input, { target: { value: 'Xq7!mZ4p' } });
    expect(screen.getByText('很强')).toBeTruthy();
    expect(filled()).toHaveLength(4);
    expect(filled()[3]!.style.background).toMatch(/#67c23a|rgb\(103, 194, 58\)/i);

    fireEvent.change(input, { target: { value: '' } });
    expect(meter()).toBeNull();
  });

  it('lets a password be pasted', () => {
    render(
      <TestProviders>
        <PasswordStrengthInput placeholder="设置密码" />
      </TestProviders>,
    );
    const input = screen.getByLabelText('设置密码');
    const paste = createEvent.paste(input);
    fireEvent(input, paste);
    expect(paste.defaultPrevented).toBe(false);
  });
});
