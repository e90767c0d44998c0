import { Route, Switch } from 'wouter';
import { PlayerProfilePage } from './PlayerProfilePage';
import { PlayerSearch } from './PlayerSearch';

/** /admin/players: the search; /admin/players/{id}: one player's profile. */
export function PlayersPage() {
  return (
    <Switch>
      <Route path="/:id">{({ id }) => <PlayerProfilePage key={id} id={id} />}</Route>
      <Route>
        <PlayerSearch />
      </Route>
    </Switch>
  );
}
