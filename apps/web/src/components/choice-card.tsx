import { UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import classes from './choice-card.module.css';

export type ChoiceCardProps = UnstyledButtonProps & ComponentPropsWithoutRef<'button'>;

/** A large card-shaped button for picking one of many (employees, residents, departments). */
export function ChoiceCard({ className, ...props }: ChoiceCardProps) {
  return (
    <UnstyledButton
      {...props}
      className={className ? `${classes.card} ${className}` : classes.card}
    />
  );
}
