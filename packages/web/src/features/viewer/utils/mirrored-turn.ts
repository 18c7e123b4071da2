/*
 * OpenSeadragon turns the slide and then mirrors the drawing, so in a mirrored view its angle
 * and the turn the user sees go opposite ways: the mirror image of a picture turned θ clockwise
 * is the mirrored picture turned θ anticlockwise. The toolbar speaks of what the user sees.
 */

/** The turn as seen, clockwise in [0, 360): of the mirrored picture when mirrored. */
export function shownTurn(osdDegrees: number, mirrored: boolean): number {
  const turn = ((osdDegrees % 360) + 360) % 360;
  return mirrored ? (360 - turn) % 360 : turn;
}

/** OpenSeadragon's change of angle for quarter turns clockwise (1) or back (-1) as seen. */
export function osdTurnStep(quarterTurns: 1 | -1, mirrored: boolean): number {
  return (mirrored ? -quarterTurns : quarterTurns) * 90;
}
