// Plain colours, not Fluent's CSS variables: recharts writes them into SVG fill attributes, which
// cannot resolve var(). Fluent's palette: green, teal, orange and red for the results, brand blue for the rate.
export const SERIES_COLORS = {
  onTime: '#107c10',
  early: '#038387',
  late: '#ca5010',
  missed: '#c50f1f',
  rate: '#0f6cbd',
} as const;

export const CHART_HEIGHT = 300;