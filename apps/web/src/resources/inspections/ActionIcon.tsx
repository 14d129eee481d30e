import type { ReactNode } from 'react';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/**
 * An icon button of a report row: named for screen readers (`label`), with a tooltip after 500 ms that goes
 * 200 ms after the pointer leaves (000 §2.1). Clicks stay in the button, so the row does not open too.
 */
export function ActionIcon({ label, tip, children, onClick, ...rest }: { label: string; tip: string; children: ReactNode } & Omit<IconButtonProps, 'aria-label' | 'children'>) {
  return (
    <Tooltip title={tip} enterDelay={500} enterNextDelay={500} leaveDelay={200} describeChild>
      <IconButton
        size="small"
        aria-label={label}
        {...rest}
        onClick={(e) => {
          e.stopPropagation();
          onClick?.(e);
        }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}
