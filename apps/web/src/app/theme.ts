import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** A calm deep teal; shade 7 (the primary) keeps white text above 5:1 (WCAG AA). */
const brand: MantineColorsTuple = [
  '#e6f6f4',
  '#ccebe7',
  '#9bd6cf',
  '#66c0b6',
  '#3aada1',
  '#1f9d90',
  '#138a7e',
  '#0b7469',
  '#085f56',
  '#054a43',
];

/** Large touch targets for shared tablets; readable sizes; one radius. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // Plain objects rather than Component.extend(), so the theme pulls no component code into the
  // entry bundle.
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});

/** Mantine's default dimmed, error and placeholder greys/reds fall below AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DEFAULT_THEME.colors.gray[7],
    '--mantine-color-error': DEFAULT_THEME.colors.red[9],
    '--mantine-color-placeholder': DEFAULT_THEME.colors.gray[6],
  },
  dark: {},
});
