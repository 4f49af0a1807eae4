import { ADMIN_TEXT } from '@carevoice/shared';
import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { FirstRunChecklist } from './lazy-first-run-checklist';
import { ADMIN_SECTIONS } from '../sections';

/** /admin: the first-run checklist until it is done (ADR 051), then one card per section. */
export function AdminOverview() {
  return (
    <>
      <FirstRunChecklist />
      <Text>{ADMIN_TEXT.common.overviewIntro}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {ADMIN_SECTIONS.map((section) => (
          <UnstyledButton key={section.key} component={Link} to={section.path}>
            <Paper withBorder p="lg" radius="lg" h="100%">
              <Text fw={700} fz="lg">
                {ADMIN_TEXT.nav[section.key]}
              </Text>
              <Text c="dimmed">{ADMIN_TEXT.sectionDescriptions[section.key]}</Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </>
  );
}
