import { MESSAGES, UI_TEXT } from '@carevoice/shared';
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** 'No survey questions' (spec §2, §8): none configured, or they could not be loaded. */
export function NoQuestions() {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Text size="xl" fw={600} role="status">
        {MESSAGES.noSurveyQuestions}
      </Text>
      <Button component={Link} to={paths.home} variant="default">
        {UI_TEXT.questions.returnHome}
      </Button>
    </Stack>
  );
}
