import { Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { FOOD_SEARCH, FOOD_SEARCH_QUERY_MAX_LENGTH, type Food } from '@fodmap/contracts';
import { useEffect, useState } from 'react';
import { FodmapRatingBadge } from './FodmapBadges';
import { servingLine } from './FoodList';
import { useFoodSearch } from './foods-api';

export interface FoodPickerProps {
  onSelect: (food: Food) => void;
  /** the dialog's own rule for a lost session */
  onUnauthorized: (error: unknown) => boolean;
  label?: string;
  autoFocus?: boolean;
}

/**
 * Spec §5, §9 inline lookup, for the dialogs that add a food to a meal: searches from 2 characters once typing pauses
 * for 300 ms, and offers the first 5 results.
 */
export function FoodPicker({ onSelect, onUnauthorized, label = 'Search foods', autoFocus = false }: FoodPickerProps) {
  const [typed, setTyped] = useState('');
  const search = useFoodSearch(typed, FOOD_SEARCH.inlineMinChars);
  const options = (search.results ?? []).slice(0, FOOD_SEARCH.inlineResults);

  useEffect(() => {
    if (search.error) onUnauthorized(search.error);
  }, [search.error, onUnauthorized]);

  const noOptionsText = !search.active
    ? `Type at least ${FOOD_SEARCH.inlineMinChars} characters`
    : search.error
      ? 'Search failed. Please try again.'
      : search.settled
        ? 'No foods found'
        : 'Searching…';

  return (
    <Autocomplete<Food>
      options={options}
      // The server has ranked the results already; filtering them again would hide its typo matches.
      filterOptions={(all) => all}
      getOptionLabel={(food) => food.name}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      inputValue={typed}
      onInputChange={(_event, value, reason) => {
        // Picking a food hands it over and clears the field for the next one.
        if (reason !== 'reset') setTyped(value);
      }}
      value={null}
      onChange={(_event, food) => {
        if (!food) return;
        onSelect(food);
        setTyped('');
      }}
      loading={search.active && !search.settled}
      noOptionsText={noOptionsText}
      loadingText="Searching…"
      renderOption={({ key, ...props }, food) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, minHeight: 48 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" fontWeight={500}>
              {food.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap display="block">
              {servingLine(food)}
            </Typography>
          </Box>
          <FodmapRatingBadge rating={food.fodmapRating} checkLabel={food.checkLabel} />
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          slotProps={{
            htmlInput: { ...params.inputProps, maxLength: FOOD_SEARCH_QUERY_MAX_LENGTH, enterKeyHint: 'search' },
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {search.active && !search.settled && <CircularProgress color="inherit" size={18} aria-label="Searching" />}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
