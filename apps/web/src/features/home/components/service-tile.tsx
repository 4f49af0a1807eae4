import { UI_TEXT, type ServiceTile as Tile, type ServiceTileKey } from '@carevoice/shared';
import { Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { ComponentType } from 'react';
import {
  BellIcon,
  ClipboardIcon,
  LayoutIcon,
  SettingsIcon,
  SparkIcon,
  StarIcon,
  UsersIcon,
} from '@/components/icons';
import classes from './service-tile.module.css';

const ICONS: Record<ServiceTileKey, ComponentType<{ size?: number }>> = {
  'managed-care': BellIcon,
  'patient-surveys': ClipboardIcon,
  'incentive-acknowledgement': StarIcon,
  'social-work': UsersIcon,
  'lorem-ipsum-1': LayoutIcon,
  'lorem-ipsum-2': SparkIcon,
  administration: SettingsIcon,
  'survey-results': ClipboardIcon,
};

/** One service on Home: a large, keyboard-usable button with an icon, a name and a line of text. */
export function ServiceTile({ tile, onOpen }: { tile: Tile; onOpen: (tile: Tile) => void }) {
  const Icon = ICONS[tile.key];
  return (
    <UnstyledButton className={classes.tile} onClick={() => onOpen(tile)}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={52} radius="md" variant="light">
          <Icon size={28} />
        </ThemeIcon>
        <Text component="span" fw={700} fz="lg" c="dark.8">
          {tile.label}
        </Text>
        <Text component="span" size="sm" c="dimmed">
          {UI_TEXT.home.tileDescriptions[tile.key]}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
