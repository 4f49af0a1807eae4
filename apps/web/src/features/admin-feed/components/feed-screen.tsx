import { ADMIN_TEXT, FEED_SCREEN_TEXT } from '@carevoice/shared';
import { Stack } from '@mantine/core';
import { LoadFailed } from '@/components/back-office/load-failed';
import { Spinner } from '@/components/spinner';
import { CensusScreen, type CensusFacilityChoice } from '@/features/admin-census';
import { useFeed, useRefreshFeed } from '../api/feed';
import { FeedCodes } from './feed-codes';
import { FeedMessages } from './feed-messages';
import { FeedPerHour, FeedStatus } from './feed-status';

const text = FEED_SCREEN_TEXT;

/**
 * /admin/feed: the census feed of the facility chosen above it (issue 36, ADR 055) — whether
 * the listener is up, the last message, messages per hour, the codes that route messages here
 * and the messages with their outcome (the raw text and "apply again" for each).
 */
export function FeedScreen() {
  return (
    <CensusScreen heading={text.heading} intro={text.intro}>
      {(facility) => <FeedOfFacility facility={facility} />}
    </CensusScreen>
  );
}

function FeedOfFacility({ facility }: { facility: CensusFacilityChoice }) {
  const feed = useFeed(facility.id);
  const refresh = useRefreshFeed(facility.id);
  if (feed.isPending) return <Spinner label={ADMIN_TEXT.common.loading} />;
  if (feed.isError && !feed.data) {
    return (
      <LoadFailed
        error={feed.error}
        retrying={feed.isFetching}
        onRetry={() => void feed.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      <FeedStatus feed={feed.data} refreshing={feed.isFetching} onRefresh={() => void refresh()} />
      <FeedPerHour hours={feed.data.per_hour} />
      <FeedCodes facilityId={facility.id} feed={feed.data} />
      <FeedMessages facilityId={facility.id} />
    </Stack>
  );
}
