import { MESSAGES, UI_TEXT } from '@carevoice/shared';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Any address the app does not know. */
export default function NotFoundRoute() {
  return (
    <Stack gap="md">
      <Title order={1}>{UI_TEXT.notFound.heading}</Title>
      <Text>{MESSAGES.pageNotFound}</Text>
      <Anchor component={Link} to={paths.home} fw={500}>
        {UI_TEXT.notFound.home}
      </Anchor>
    </Stack>
  );
}
