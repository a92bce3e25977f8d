"""The play module over HTTP: the stateless practice referee (``practice``) whose game the caller carries
sealed (``seal``) and which checks before trusting it (``state_check``), the narrated log people read
(``narration``), and the recorded example match."""
