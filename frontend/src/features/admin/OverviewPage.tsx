import { useEffect, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import Spinner from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import { OverviewQuery } from './operations';
import { lineName, toMajorUnits } from '@keen/rules';
import { useFormatMoney, useShop } from '../../lib/money';

/** Other staff's orders change the numbers too, so a cached overview is trusted for a minute. */
export const OVERVIEW_FRESH_MS = 60_000;
let overviewFetchedAt = 0;

/**
 * /dashboard/overview: the last 30 days of sales, paid vs unpaid orders, low-stock products and units
 * sold by product, from one query.
 */
export default function OverviewPage() {
  // Fetched again only when the cached overview is stale or was evicted by a change made here.
  const [fetchPolicy] = useState<'cache-first' | 'network-only'>(() =>
    Date.now() - overviewFetchedAt < OVERVIEW_FRESH_MS ? 'cache-first' : 'network-only',
  );
  const { data, loading, error } = useQuery(OverviewQuery, { fetchPolicy, nextFetchPolicy: 'cache-first' });
  const shop = useShop();
  const formatMoney = useFormatMoney();
  useEffect(() => {
    if (data && fetchPolicy === 'network-only') overviewFetchedAt = Date.now();
  }, [data, fetchPolicy]);

  if (loading && !data) return <Spinner />;
  if (error || !data) {
    return (
      <Typography role="alert" color="error" sx={{ p: 3 }}>
        {error ? errorMessage(error) : 'No figures yet'}
      </Typography>
    );
  }

  const { days, paidOrders, unpaidOrders, lowStockVariants, unitsByProduct, unitsByVariant } = data.overview;
  const labels = days.map((d) => d.day.slice(5));
  const currency = days[0]?.sales.currency ?? shop.currency;
  const revenue = days.reduce((sum, d) => sum + d.sales.amount, 0);
  // The chart scales major units; its tooltips write each day's exact sales.
  const salesOf = new Map(days.map((d) => [toMajorUnits(d.sales.amount, currency), d.sales.formatted]));

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        Overview
      </Typography>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Revenue per day, last 30 days ({formatMoney(revenue, currency)} in all)
          </Typography>
          <BarChart
            height={280}
            xAxis={[{ data: labels, scaleType: 'band' }]}
            series={[
              {
                data: days.map((d) => toMajorUnits(d.sales.amount, currency)),
                label: `Revenue (${currency})`,
                valueFormatter: (value) => (value === null ? '' : (salesOf.get(value) ?? String(value))),
              },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Orders per day, last 30 days
          </Typography>
          <LineChart
            height={260}
            xAxis={[{ data: labels, scaleType: 'point' }]}
            series={[{ data: days.map((d) => d.orders), label: 'Orders', curve: 'linear' }]}
          />
        </CardContent>
      </Card>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              Paid vs unpaid orders
            </Typography>
            <PieChart
              height={220}
              series={[
                {
                  data: [
                    { id: 'paid', value: paidOrders, label: `Paid (${paidOrders})` },
                    { id: 'unpaid', value: unpaidOrders, label: `Unpaid (${unpaidOrders})` },
                  ],
                },
              ]}
            />
          </CardContent>
        </Card>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              Low stock ({lowStockVariants.length})
            </Typography>
            {lowStockVariants.length === 0 ? (
              <Typography>Every product is above its minimum quantity.</Typography>
            ) : (
              <List dense>
                {lowStockVariants.map((variant) => (
                  <ListItem key={variant.variantId}>
                    <ListItemText
                      primary={lineName(variant.name, variant.variantName)}
                      secondary={`${variant.sku}: ${variant.quantity} in stock, minimum ${variant.minimumQuantity}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>
      </Stack>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" id="units-by-product">
            Units sold by product, last 30 days
          </Typography>
          {unitsByProduct.length === 0 ? (
            <Typography>No units sold in the last 30 days.</Typography>
          ) : (
            <List dense component="ol" aria-labelledby="units-by-product">
              {unitsByProduct.map((row) => (
                <ListItem key={row.productId ?? `deleted:${row.name}`}>
                  <ListItemText
                    primary={row.name}
                    secondary={`${row.units} ${row.units === 1 ? 'unit' : 'units'}${row.productId ? '' : ', product deleted since'}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      {unitsByVariant.some((row) => row.variantName) ? (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" id="units-by-variant">
              Units sold by variant, last 30 days
            </Typography>
            <List dense component="ol" aria-labelledby="units-by-variant">
              {unitsByVariant.map((row) => (
                <ListItem key={row.variantId ?? `deleted:${row.name}:${row.variantName}`}>
                  <ListItemText
                    primary={lineName(row.name, row.variantName)}
                    secondary={`${row.units} ${row.units === 1 ? 'unit' : 'units'}${row.sku ? `, SKU ${row.sku}` : ''}`}
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}
