import { ADMIN_TEXT } from '@carevoice/shared';
import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_SECTIONS } from '../sections';

/** /admin: one card per section, with what it is for. */
export function AdminOverview() {
  return (
    <>
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
