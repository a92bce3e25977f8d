SELECT game, set_code, name, release_date, total_cards, printed_numbers, sources
FROM sets WHERE game = $game AND set_code = $set_code;
