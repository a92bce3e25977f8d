SELECT game, set_code, name, release_date, total_cards, printed_numbers, sources,
       name_source_url, name_source_title, released_market, released_source_url, released_source_title,
       releases, name_upstream, released_note, name_shared_note, same_name
FROM sets WHERE game = $game AND set_code = $set_code;
