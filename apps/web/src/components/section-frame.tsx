import { Anchor, Button, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, NavLink, type To } from 'react-router';
import { paths } from '@/config/paths';
import { ArrowLeftIcon } from './icons';
import classes from './section-frame.module.css';

/**
 * The heading of an area of its own (the back office, Survey Results): its title and a way Home,
 * which goes under the title where both do not fit on one line (a phone). The way Home is not
 * printed.
 */
export function SectionHeading({ heading, backHome }: { heading: string; backHome: string }) {
  return (
    <Group justify="space-between" gap="sm">
      <Title order={1}>{heading}</Title>
      <Button
        data-print-hide
        component={Link}
        to={paths.home}
        variant="default"
        leftSection={<ArrowLeftIcon size={18} />}
      >
        {backHome}
      </Button>
    </Group>
  );
}

export interface SectionLink {
  to: To;
  label: ReactNode;
  /** Current only on this exact path (the area's first page), not on the pages under it. */
  end?: boolean;
}

/** The sections of an area, the current one marked; not printed. */
export function SectionNav({ label, links }: { label: string; links: readonly SectionLink[] }) {
  return (
    <nav aria-label={label} data-print-hide>
      <Group gap="xs" className={classes.nav}>
        {links.map((link, index) => (
          <Anchor
            key={index}
            component={NavLink}
            to={link.to}
            end={link.end}
            className={classes.link}
          >
            {link.label}
          </Anchor>
        ))}
      </Group>
    </nav>
  );
}
